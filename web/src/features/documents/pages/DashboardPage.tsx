import { useCallback, useId, useState } from 'react';
import { isAdmin, useSession, userInitials } from '../../../shared/session';
import { Alert } from '../../../shared/ui/Alert';
import container from '../../../shared/ui/container.module.css';
import formStyles from '../../../shared/ui/form.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { LibraryPanel, SearchResults, useDashboardUploads, VaultPanel } from '../components/DashboardPanels';
import styles from '../components/Documents.module.css';
import { Tabs, type Tab } from '../../../shared/ui/Tabs';
import { DASHBOARD_MESSAGES, isSearching, SOURCE_LABELS, type FileSource } from '../files';

/**
 * /dashboard (spec part 2, sections 2 and 4 to 9), behind the sign-in guard: the tabs My Vault, Forms
 * Library and Public Files, and a search over all three that hides the tabs while it has text. After
 * an upload or a delete the list reloads and a message says so. An upload goes on while another tab or
 * the search is shown; leaving the page cancels it, after asking.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  const admin = isAdmin(user);
  const initials = user ? userInitials(user) : 'U';
  const [tab, setTab] = useState<FileSource>('vault');
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const searchId = useId();
  const onNotice = useCallback((message: string | null) => setNotice(message), []);
  // Here, not in the panels: an upload goes on while another tab or the search results are shown.
  const uploads = useDashboardUploads(onNotice);
  // Leaving the page would cancel them: closing the tab, a link or Back asks first.
  useLeaveGuard(
    Object.values(uploads).some((upload) => upload.state.kind === 'uploading'),
    DASHBOARD_MESSAGES.leaveWhileUploading,
  );

  const tabs: readonly Tab<FileSource>[] = [
    {
      key: 'vault',
      label: SOURCE_LABELS.vault,
      render: () => <VaultPanel initials={initials} onNotice={onNotice} upload={uploads.vault} />,
    },
    {
      key: 'forms',
      label: SOURCE_LABELS.forms,
      render: () => (
        <LibraryPanel area="forms" admin={admin} initials={initials} onNotice={onNotice} upload={uploads.forms} />
      ),
    },
    {
      key: 'public',
      label: SOURCE_LABELS.public,
      render: () => (
        <LibraryPanel area="public" admin={admin} initials={initials} onNotice={onNotice} upload={uploads.public} />
      ),
    },
  ];

  return (
    <div className={`${container.container} ${styles.page}`}>
      <h1 className={styles.title}>Dashboard</h1>
      <p className={styles.lead}>
        Your private document vault, our forms library and public files. Files you upload to your vault are seen only by
        you and our team.
      </p>
      <div className={`${formStyles.field} ${styles.search}`} role="search">
        <label htmlFor={searchId} className={formStyles.label}>
          Search all files
        </label>
        <input
          id={searchId}
          className={formStyles.input}
          type="search"
          value={query}
          placeholder="Search My Vault, Forms Library and Public Files"
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className={styles.stack}>
        {notice && <Alert tone="success">{notice}</Alert>}
        {isSearching(query) ? (
          <SearchResults query={query} initials={initials} />
        ) : (
          <Tabs<FileSource> tabs={tabs} selected={tab} onSelect={setTab} label="Document lists" />
        )}
      </div>
    </div>
  );
}
