import container from '../../../shared/ui/container.module.css';
import { useSitePage } from '../../services/hooks/use-public-catalog';
import styles from './HomeIntro.module.css';

/**
 * The text of the catalog's page named 'home' (spec part 1, section 2: content may come from the pages
 * list), as plain paragraphs. The hero keeps its own headline (the page's title says the same thing),
 * and this sits at the end of the page so that its late arrival moves nothing the visitor is looking at.
 * Without such a page, nothing shows.
 */
export function HomeIntro() {
  const page = useSitePage('home');
  const paragraphs = page?.content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (!page || !paragraphs?.length) return null;
  return (
    <section className={container.container} aria-labelledby="home-page-title">
      <div className={styles.intro}>
        <h2 id="home-page-title" className={styles.title}>
          Why founders choose us
        </h2>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}
