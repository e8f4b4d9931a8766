import { AppError } from '@kyb/envelope';

/** 400 `INVALID`: the capability offers no adapter of that name. */
export class ProviderAdapterError extends AppError {
  constructor(capability: string, adapter: string, offered: string[]) {
    super({ message: `No adapter '${adapter}' for ${capability}: one of ${offered.join(', ')}`, httpStatus: 400, errorCode: 'INVALID', errorName: 'ProviderAdapterError' });
  }
}

/** 400 `INVALID`: the usage range ends before it starts, or spans more than the limit. */
export class ProviderUsageRangeError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 400, errorCode: 'INVALID', errorName: 'ProviderUsageRangeError' });
  }
}

/** 400 `INVALID`: credentials of the adapter's fields that cannot be used (a key that is not one, a keystore that does not open). */
export class ProviderCredentialsError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 400, errorCode: 'INVALID', errorName: 'ProviderCredentialsError' });
  }
}
