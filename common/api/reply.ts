/**
 * The envelope of every console API reply, and the paged list shape. Every /api reply is
 * {success, message, data}; a few carry extra siblings of data (see pricing.ts, wallet.ts, channels.ts).
 */
export interface ApiReply<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/** A page of a list: `page` is 1-based, `total` counts every row the filter matches. */
export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}
