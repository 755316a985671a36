import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ContactModalContext, type ContactModalRequest } from './contact-modal-context';

// The modal and its form library load on the first open only: most visits never open it.
const ContactModal = lazy(async () => ({ default: (await import('./ContactModal')).ContactModal }));

/** Makes the shared contact modal available to every page (useContactModal) and renders it when open. */
export function ContactModalProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<(ContactModalRequest & { id: number }) | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const nextId = useRef(0);

  const open = useCallback((next: ContactModalRequest) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    nextId.current += 1;
    setRequest({ ...next, id: nextId.current });
  }, []);

  const close = useCallback(() => setRequest(null), []);

  // Back to the button that opened it, as a dialog should: after the dialog has left (while a modal
  // dialog is open, the rest of the page cannot take focus).
  useEffect(() => {
    if (request || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [request]);

  return (
    <ContactModalContext value={open}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <ContactModal key={request.id} mode={request.mode} topic={request.topic} onClose={close} />
        </Suspense>
      )}
    </ContactModalContext>
  );
}
