/** One error code's HTTP status and the sentence a person reads. */
export type ErrorCodeEntry = { readonly status: number; readonly message: string };
