import type { ReactNode } from 'react';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';

/** The frame of a legal page: title, last-updated line, then the sections as prose. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className={`${container.container} ${page.prose}`} aria-labelledby="legal-title">
      <h1 id="legal-title" className={page.title}>
        {title}
      </h1>
      <p className={page.note}>Last updated: {updated}</p>
      {children}
    </article>
  );
}
