/** The formats the host takes, decided by a file's first bytes (storage/file-type.ts). */
export type FileType = 'pdf' | 'jpeg' | 'png';

/** An uploaded file waiting on disk (the HTTP layer streams it there) for the file store to take it. */
export interface Upload {
  filepath: string;
  originalFilename: string | null;
  size: number;
  /** Decided from the first bytes while the upload streamed in; null when they are no PDF, JPEG or PNG. */
  fileType: FileType | null;
  /** Set once the file store has taken the file: nothing is left at `filepath` to remove. */
  stored?: boolean;
}
