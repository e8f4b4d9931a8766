/** A success envelope (part 2.1 of the contract). */
export interface SuccessBody<T> {
  status: 'success';
  message: string;
  data: T;
}

/** Wraps a payload in the success envelope. */
export function success<T>(message: string, data: T): SuccessBody<T> {
  return { status: 'success', message, data };
}
