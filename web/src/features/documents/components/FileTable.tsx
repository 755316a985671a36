import { useId } from 'react';
import buttonStyles from '../../../shared/ui/button.module.css';
import { fileNameOf, folderOf, formatDateTime, formatFileSize, SOURCE_LABELS, type DashboardFile } from '../files';
import styles from './Documents.module.css';
import { Uploader } from './Uploader';
import { BusyButton } from '../../../shared/ui/BusyButton';

interface FileTableProps {
  /** Names the table (and its scrolling region). */
  title: string;
  files: readonly DashboardFile[];
  /** Whose initials the uploader column shows for files that are not the firm's. */
  initials: string;
  dateLabel: string;
  /** Search results name the list each file is in. */
  showSource?: boolean;
  onDownload(file: DashboardFile): void;
  /** The file being downloaded (its ref), whose button is busy. */
  downloading?: string | null;
  /** Only where the user may delete (their vault; an admin's libraries). */
  onDelete?(file: DashboardFile): void;
}

const small = (variant: 'primary' | 'secondary') =>
  `${buttonStyles.button} ${buttonStyles[variant]} ${buttonStyles.small}`;

/** Files as rows: name (with its folder), where it is, size at 1024 steps, date, uploader, actions. */
export function FileTable({
  title,
  files,
  initials,
  dateLabel,
  showSource,
  onDownload,
  downloading,
  onDelete,
}: FileTableProps) {
  const titleId = useId();
  return (
    <div className={styles.tableWrap} role="region" aria-labelledby={titleId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={titleId} className="visually-hidden">
          {title}
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {showSource && <th scope="col">Location</th>}
            <th scope="col">Size</th>
            <th scope="col">{dateLabel}</th>
            <th scope="col">Uploader</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => {
            const name = fileNameOf(file.path);
            const folder = folderOf(file.path);
            return (
              <tr key={`${file.source}:${file.ref}`}>
                <th scope="row" className={styles.name}>
                  {name}
                  {folder && <span className={styles.folder}>{folder}</span>}
                </th>
                {showSource && (
                  <td>
                    <span className={styles.source}>{SOURCE_LABELS[file.source]}</span>
                  </td>
                )}
                <td className={styles.nowrap}>{formatFileSize(file.size)}</td>
                <td className={styles.nowrap}>{formatDateTime(file.date)}</td>
                <td>
                  <Uploader path={file.path} initials={initials} />
                </td>
                <td>
                  <div className={styles.rowActions}>
                    <BusyButton
                      className={small('secondary')}
                      aria-label={`Download ${name}`}
                      busy={downloading === file.ref}
                      busyLabel="Downloading…"
                      onClick={() => onDownload(file)}
                    >
                      Download
                    </BusyButton>
                    {onDelete && (
                      <button
                        type="button"
                        className={`${small('secondary')} ${styles.danger}`}
                        aria-label={`Delete ${name}`}
                        onClick={() => onDelete(file)}
                      >
                        Delete
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
