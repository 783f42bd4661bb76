/** A file posted with a form (a roster or teacher sheet), as the legacy API and tRPC hand it to services. */
export interface UploadedFile {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}
