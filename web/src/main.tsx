// Tokens and base styles first, so that component styles come later in the cascade.
import './shared/ui/tokens.css';
import './shared/ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no <div id="root"> to render the app into');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
