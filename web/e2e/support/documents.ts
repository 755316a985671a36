import { baseUrl } from './browser';

/**
 * Uploads a file through the API (`path`: '/vault/files', '/files/forms/'), as the app's upload forms send
 * it: multipart `file`, and the library's `folder`.
 */
export async function uploadFile(
  token: string,
  path: string,
  file: { name: string; content: string; folder?: string },
): Promise<void> {
  const form = new FormData();
  if (file.folder) form.append('folder', file.folder);
  form.append('file', new Blob([file.content], { type: 'application/pdf' }), file.name);
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
}
