import { Link } from 'react-router-dom';
import container from '../../../shared/ui/container.module.css';
import { MARKETING_BLOCKS } from '../content';
import { Illustration } from './illustrations';
import styles from './MarketingBlocks.module.css';

/** The seven service blocks (spec part 1, section 2), each with a heading, text, link and four images. */
export function MarketingBlocks() {
  return (
    <div className={container.container}>
      {MARKETING_BLOCKS.map((block, index) => (
        <section
          key={block.id}
          className={index % 2 ? `${styles.block} ${styles.flipped}` : styles.block}
          aria-labelledby={`block-${block.id}`}
        >
          <div className={styles.copy}>
            <p className={styles.heading}>{block.heading}</p>
            <h2 id={`block-${block.id}`} className={styles.title}>
              {block.title}
            </h2>
            <p className={styles.description}>{block.description}</p>
            <Link to={block.link.to} className={styles.link}>
              {block.link.label} <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ul className={styles.images} style={{ background: block.palette.bg }}>
            {block.images.map((image) => (
              <li key={image.label}>
                <Illustration motif={image.motif} label={image.label} palette={{ ...block.palette, bg: '#fff' }} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
