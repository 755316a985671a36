import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { ContactModalContext, type ContactModalRequest } from './contact-modal-context';

// The modal and its form library load on the first open only: most visits never open it.
const ContactModal = lazy(async () => ({ default: (await import('./ContactModal')).ContactModal }));

/** Makes the shared contact modal available to every page (useContactModal) and renders it when open. */
export function ContactModalProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<(ContactModalRequest & { id: number }) | null>(null);
  const nextId = useRef(0);

  // The Dialog gives the focus back to the button that opened it when it goes.
  const open = useCallback((next: ContactModalRequest) => {
    nextId.current += 1;
    setRequest({ ...next, id: nextId.current });
  }, []);

  const close = useCallback(() => setRequest(null), []);

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
