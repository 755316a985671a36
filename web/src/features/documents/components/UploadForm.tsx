import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import buttonStyles from '../../../shared/ui/button.module.css';
import { Field } from '../../../shared/ui/Field';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import {
  DASHBOARD_MESSAGES,
  libraryFolder,
  libraryUploadPath,
  progressText,
  uploadSizeProblem,
  uploadTypeProblem,
} from '../files';
import type { UploadState } from '../hooks/use-documents';
import { ConfirmFileDialog } from './ConfirmFileDialog';
import styles from './Documents.module.css';

interface UploadFormProps {
  /** 'Upload to My Vault', 'Upload to Forms Library'... */
  title: string;
  /** Admins' library uploads take an optional folder (spec part 2, section 6). */
  withFolder?: boolean;
  /** The library's paths: an upload to one of them asks first, since it replaces that file. */
  existingPaths?: ReadonlySet<string>;
  state: UploadState;
  start(file: File, folder: string): Promise<boolean>;
  cancel(): void;
  fail(message: string): void;
  clear(): void;
}

/**
 * Choose a file (and a folder), upload it with a progress bar of the bytes sent, or cancel. A file
 * over 200 MB is refused here, before a byte is sent, with the spec's text, and so is a program or
 * script by its name, with the server's.
 */
export function UploadForm({ title, withFolder, existingPaths, state, start, cancel, fail, clear }: UploadFormProps) {
  const [chosen, setChosen] = useState<File | null>(null);
  // An upload that would replace a library file, waiting for the admin's answer.
  const [replacing, setReplacing] = useState<{ file: File; folder: string } | null>(null);
  // A new key clears the file input after an upload (its value cannot be set).
  const [inputKey, setInputKey] = useState(0);
  const errorId = useId();
  const progressId = useId();
  const titleId = useId();
  const { register, handleSubmit, reset } = useForm<{ folder: string }>({ defaultValues: { folder: '' } });
  const uploading = state.kind === 'uploading';
  const error = state.kind === 'failed' ? state.message : null;
  // Cancel upload goes with the progress bar: the focus returns to the file field once it is enabled again.
  const fileInput = useRef<HTMLInputElement>(null);
  const focusFileInput = useRef(false);
  useEffect(() => {
    if (uploading || !focusFileInput.current) return;
    focusFileInput.current = false;
    fileInput.current?.focus();
  }, [uploading]);

  function checkChosen(file: File | null): File | null {
    if (!file) {
      fail(DASHBOARD_MESSAGES.noFileChosen);
      return null;
    }
    const problem = uploadSizeProblem(file.size) ?? uploadTypeProblem(file.name);
    if (problem) {
      fail(problem);
      return null;
    }
    clear();
    return file;
  }

  async function upload(file: File, folder: string) {
    if (await start(file, folder)) {
      setChosen(null);
      setInputKey((key) => key + 1);
      reset();
    }
  }

  const submit = handleSubmit(async ({ folder }) => {
    if (uploading) return;
    const file = checkChosen(chosen);
    if (!file) return;
    if (existingPaths?.has(libraryUploadPath(folder, file.name))) {
      setReplacing({ file, folder });
      return;
    }
    await upload(file, folder);
  });

  return (
    <form className={styles.upload} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="visually-hidden">
        {title}
      </h3>
      <div className={styles.uploadRow}>
        <Field
          label="Choose a file"
          hint="At most 200 MB."
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        >
          {(control) => (
            <input
              {...control}
              key={inputKey}
              ref={fileInput}
              className={`${control.className} ${styles.fileInput}`}
              type="file"
              name="file"
              disabled={uploading}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                setChosen(file);
                checkChosen(file);
              }}
            />
          )}
        </Field>
        {withFolder && (
          <TextField
            label="Folder (optional)"
            placeholder="e.g. Tax forms/2024"
            autoComplete="off"
            disabled={uploading}
            {...register('folder')}
          />
        )}
        <SubmitButton busy={uploading} busyLabel="Uploading…">
          Upload
        </SubmitButton>
      </div>
      {state.kind === 'uploading' && (
        <div className={styles.progress}>
          <progress id={progressId} aria-label={`Uploading ${state.name}`} max={state.total} value={state.sent} />
          <div className={styles.progressLine}>
            <span>{progressText(state.sent, state.total)}</span>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.small}`}
              onClick={() => {
                focusFileInput.current = true;
                cancel();
              }}
            >
              Cancel upload
            </button>
          </div>
        </div>
      )}
      <FormError id={errorId} message={error} />
      {replacing && (
        <ConfirmFileDialog
          title="Replace file"
          description={DASHBOARD_MESSAGES.confirmReplace(replacing.file.name, libraryFolder(replacing.folder))}
          confirmLabel="Replace"
          onConfirm={() => {
            setReplacing(null);
            void upload(replacing.file, replacing.folder);
          }}
          onClose={() => setReplacing(null)}
        />
      )}
    </form>
  );
}
