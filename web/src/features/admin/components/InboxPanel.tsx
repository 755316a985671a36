import { type InboxItemReply, type InboxKind, type InboxState } from '@portal/contracts';
import { Fragment, useId, useRef, useState } from 'react';
import { serverDetail } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import { SelectField } from '../../../shared/ui/SelectField';
import { formatDateTime } from '../format';
import { useInbox, useMarkInboxItem } from '../hooks/use-inbox';
import {
  formatFileSize,
  INBOX_KIND_FILTERS,
  INBOX_KIND_LABELS,
  INBOX_MESSAGES,
  INBOX_STATE_FILTERS,
  itemDetails,
  itemTitle,
  SUBSCRIBER_EXPORTS,
} from '../inbox';
import { useDownload } from '../hooks/use-download';
import { resumePath, subscribersExportPath } from '../inbox-api';
import styles from './Admin.module.css';
import inboxStyles from './Inbox.module.css';
import { PanelLoadError } from './PanelLoadError';
import { LoadMore } from '../../../shared/ui/LoadMore';
import { BusyButton } from '../../../shared/ui/BusyButton';

const smallButton = `${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.small}`;

function InboxItem({
  item,
  onMark,
  marking,
  onDownload,
  downloading,
}: {
  item: InboxItemReply;
  onMark(handled: boolean): void;
  marking: boolean;
  onDownload(): void;
  downloading: boolean;
}) {
  const titleId = useId();
  const handled = Boolean(item.handled_at);
  return (
    <article
      className={`${styles.submission} ${inboxStyles.item} ${handled ? inboxStyles.handled : ''}`}
      aria-labelledby={titleId}
    >
      <div className={inboxStyles.head}>
        <h3 id={titleId}>{itemTitle(item)}</h3>
        <span className={`${styles.badge} ${handled ? inboxStyles.handledBadge : inboxStyles.openBadge}`}>
          {handled ? 'Handled' : 'Open'}
        </span>
      </div>
      <p className={styles.muted}>
        {INBOX_KIND_LABELS[item.kind]} · received {formatDateTime(item.received_at)}
        {handled && ` · handled ${formatDateTime(item.handled_at)}`}
      </p>
      <dl className={styles.details}>
        {itemDetails(item).map(({ label, value, href }) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>
              {href ? (
                <a href={href} rel="noreferrer noopener" target={href.startsWith('mailto:') ? undefined : '_blank'}>
                  {value}
                </a>
              ) : (
                value
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
      {item.message && <p className={inboxStyles.message}>{item.message}</p>}
      <div className={inboxStyles.actions}>
        {item.resume && (
          <BusyButton className={smallButton} busy={downloading} onClick={onDownload}>
            Download resume ({item.resume.file_name}, {formatFileSize(item.resume.size)})
          </BusyButton>
        )}
        <BusyButton className={smallButton} busy={marking} onClick={() => onMark(!handled)}>
          {handled ? 'Mark as open' : 'Mark as handled'}
        </BusyButton>
      </div>
    </article>
  );
}

/**
 * What visitors sent (contact messages, call requests, job applications, perk offers, newsletter and
 * deadline-alert subscribers), newest first, a page more at a time from the server (by cursor: items
 * handled meanwhile do not hide the ones after them); each can be marked handled, resumes downloaded,
 * subscriber lists exported as CSV.
 */
export function InboxPanel() {
  const [kind, setKind] = useState<InboxKind | ''>('');
  const [state, setState] = useState<InboxState>('all');
  const inbox = useInbox({ ...(kind ? { kind } : {}), state });
  const mark = useMarkInboxItem();
  const files = useDownload(INBOX_MESSAGES.downloadFailed);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = inbox.list;

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Inbox
        </h2>
        <div className={inboxStyles.exports}>
          {SUBSCRIBER_EXPORTS.map(({ list, label }) => (
            <BusyButton
              key={list}
              className={smallButton}
              busy={files.busy === subscribersExportPath(list)}
              onClick={() => void files.download(subscribersExportPath(list), `${list}-subscribers.csv`)}
            >
              {label}
            </BusyButton>
          ))}
        </div>
      </div>
      <div className={styles.stack}>
        <div className={inboxStyles.filters}>
          <SelectField label="Show" value={kind} onChange={(event) => setKind(event.target.value as InboxKind | '')}>
            {INBOX_KIND_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="State" value={state} onChange={(event) => setState(event.target.value as InboxState)}>
            {INBOX_STATE_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </SelectField>
        </div>
        {files.failure && <Alert tone="error">{files.failure}</Alert>}
        {mark.isError && <Alert tone="error">{serverDetail(mark.error) ?? INBOX_MESSAGES.markFailed}</Alert>}
        {inbox.isPending && (
          <p role="status" className={styles.muted}>
            Loading the inbox…
          </p>
        )}
        <PanelLoadError query={inbox} message={INBOX_MESSAGES.loadFailed} />
        {list && list.items.length === 0 && <p className={styles.muted}>{INBOX_MESSAGES.empty}</p>}
        {list && list.items.length > 0 && (
          <ul className={styles.list}>
            {list.items.map((item) => (
              <li key={`${item.source}-${item.id}`}>
                <InboxItem
                  item={item}
                  marking={mark.isPending && mark.variables?.item.id === item.id}
                  // Under the Open or Handled filter the item leaves the list with its focused button: the
                  // focus goes to the list's heading instead of the page body.
                  onMark={(handled) =>
                    mark.mutate({ item, handled }, { onSuccess: () => state !== 'all' && heading.current?.focus() })
                  }
                  downloading={files.busy === resumePath(item.id)}
                  onDownload={() => void files.download(resumePath(item.id), item.resume?.file_name ?? 'resume')}
                />
              </li>
            ))}
          </ul>
        )}
        {list && (
          <LoadMore list={list} busy={inbox.isFetching} label="Inbox pages" onMore={() => void inbox.fetchNextPage()} />
        )}
      </div>
    </section>
  );
}
