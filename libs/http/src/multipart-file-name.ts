const ESCAPED: Record<string, string> = { '%22': '"', '%0D': '\r', '%0A': '\n' };

/**
 * The file name a client meant, from the `filename` parameter of a multipart/form-data part as the
 * parser hands it on (busboy undoes nothing). The HTML form-data rules have browsers, and undici's
 * FormData, send `"` as %22, CR as %0D and LF as %0A there, and escape nothing else, "%" included:
 * those three are read back, any other "%" is part of the name. (A name typed with a literal "%22"
 * reads as a quote, as it does for every server that follows these rules.) CR and LF come back as
 * they were, for the name checks to refuse or drop.
 */
export function decodeMultipartFileName(filename: string): string;
export function decodeMultipartFileName(filename: string | undefined): string | undefined;
export function decodeMultipartFileName(filename: string | undefined): string | undefined {
  return filename?.replace(/%22|%0D|%0A/g, (escape) => ESCAPED[escape]);
}
