import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryLoadError } from './LoadError';

const render = (isError: boolean, isFetching = false) =>
  renderToStaticMarkup(
    createElement(QueryLoadError, {
      query: { isError, isFetching, refetch: () => undefined },
      message: 'Failed to load vault files. Please try again.',
    }),
  );

describe('QueryLoadError', () => {
  it('says nothing while the query has not failed', () => {
    expect(render(false)).toBe('');
  });

  it('says the load failed, with Retry, whether or not an earlier answer is still shown', () => {
    const html = render(true);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Failed to load vault files. Please try again.');
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
    expect(html).not.toContain('aria-busy');
  });

  it('shows that it is asking again while the query fetches after a Retry', () => {
    const html = render(true, true);
    expect(html).toContain('Failed to load vault files. Please try again.');
    expect(html).toMatch(/<button[^>]*aria-disabled="true" aria-busy="true"[^>]*>Retrying…<\/button>/);
  });
});
