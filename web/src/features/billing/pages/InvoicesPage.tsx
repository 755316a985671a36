import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import container from '../../../shared/ui/container.module.css';
import { LoadError } from '../../../shared/ui/LoadError';
import tableStyles from '../../../shared/ui/table.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { errorMessage } from '../checkout';
import styles from '../components/Billing.module.css';
import { useInvoices } from '../hooks/use-billing';
import { BILLING_MESSAGES, invoiceAmount, invoiceNames, invoiceStatusLabel } from '../labels';
import { formatDate } from '../money';

/** /subscription/{id}/invoices (spec part 2, section 2): the invoice history, amounts in cents / 100. */
export function InvoicesPage() {
  const { id = '' } = useParams();
  const invoices = useInvoices(id);
  const names = invoiceNames(invoices.data?.invoices ?? []);
  const titleId = useId();
  useDocumentTitle('Invoice History');
  return (
    <div className={`${container.container} ${styles.page}`}>
      <Link to={`${ROUTES.profile}#subscriptions`} className={styles.back}>
        ← Back to Profile
      </Link>
      <h1 id={titleId} className={styles.title}>
        Invoice History
      </h1>
      {invoices.isPending && <p role="status">Loading…</p>}
      {invoices.isError && (
        <LoadError
          message={errorMessage(invoices.error, BILLING_MESSAGES.invoices)}
          onRetry={() => void invoices.refetch()}
          retrying={invoices.isFetching}
        />
      )}
      {invoices.data && (
        <>
          <p className={styles.muted}>{invoices.data.subscription.package_name}</p>
          {invoices.data.invoices.length === 0 ? (
            <p>No invoices yet.</p>
          ) : (
            <div className={tableStyles.scroll} role="region" aria-labelledby={titleId} tabIndex={0}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Invoice</th>
                    <th scope="col">Date</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">Documents</th>
                  </tr>
                </thead>
                <tbody>
                  {invoices.data.invoices.map((invoice, index) => (
                    <tr key={invoice.id}>
                      <td>{invoice.number ?? '—'}</td>
                      <td>{formatDate(invoice.created)}</td>
                      <td className={styles.amount}>{invoiceAmount(invoice)}</td>
                      <td>{invoiceStatusLabel(invoice.status)}</td>
                      <td>
                        {invoice.hosted_invoice_url && (
                          <a href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
                            View<span className="visually-hidden"> {names[index]}</span>
                          </a>
                        )}
                        {invoice.hosted_invoice_url && invoice.invoice_pdf && ' · '}
                        {invoice.invoice_pdf && (
                          <a href={invoice.invoice_pdf} target="_blank" rel="noreferrer">
                            PDF<span className="visually-hidden"> of {names[index]}</span>
                          </a>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
