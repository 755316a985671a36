import { type LoadableQuery, QueryLoadError } from '../../../shared/ui/LoadError';
import page from '../../../shared/ui/page.module.css';
import type { CatalogService } from '../catalog';
import { PackageCard } from './PackageCard';

interface PackageListProps {
  query: LoadableQuery & { isPending: boolean };
  services: CatalogService[];
  attributeOrder: Record<string, string[]>;
  mode: 'packages' | 'company';
  messages: { failed: string; empty: string };
}

/** The packages of a page with their loading, failure (Retry) and empty states. */
export function PackageList({ query, services, attributeOrder, mode, messages }: PackageListProps) {
  if (query.isPending) {
    return (
      <p role="status" className={page.status}>
        Loading…
      </p>
    );
  }
  if (query.isError) return <QueryLoadError query={query} message={messages.failed} />;
  if (services.length === 0) return <p className={page.status}>{messages.empty}</p>;
  return (
    <ul className={page.grid}>
      {services.map((service) => (
        <li key={service.id}>
          <PackageCard service={service} attributeOrder={attributeOrder[service.category]} mode={mode} />
        </li>
      ))}
    </ul>
  );
}
