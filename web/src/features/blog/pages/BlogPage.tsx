import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';

/** /blog: coming soon (spec part 1, section 1). */
export function BlogPage() {
  useDocumentTitle('Blog');
  return (
    <section className={page.hero} aria-labelledby="blog-title">
      <div className={container.container}>
        <p className={page.eyebrow}>Blog</p>
        <h1 id="blog-title" className={page.title}>
          Coming soon
        </h1>
        <p className={page.lead}>
          Guides on bookkeeping, taxes and compliance for founders are on their way. Subscribe to our newsletter at the
          bottom of this page to hear when the first posts are out.
        </p>
        <div className={page.actions}>
          <ButtonLink to={ROUTES.home}>Back to Home</ButtonLink>
        </div>
      </div>
    </section>
  );
}
