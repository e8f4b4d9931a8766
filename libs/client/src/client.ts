import { randomUUID } from 'node:crypto';
import { KybApiError, KybClientStateError } from './errors';
import { IDEMPOTENT_OPERATIONS } from './generated/idempotent-operations';
import type { Area, HttpMethod, OperationOf, PathOf, RequestParts, SuccessData } from './operations';
import { listPages, type ListPage, type ListPathOf, type ListRecordOf, type PageQuery } from './pagination';
import { fillPath, queryString } from './query';
import { isExpiredToken, REFRESH_PATHS, sessionOf, type Session, type SessionRole, type SessionTokens } from './session';
import { createTransport, type TransportOptions } from './transport';

/** What {@link createKybClient} is built from. */
export interface KybClientOptions extends TransportOptions {
  /** Where the suite's gateway answers, e.g. `https://kyb.example.com` (areas are under `/<area>/api/v1`). */
  baseUrl: string;
  /** Tokens kept from an earlier session, to go on without signing in again. */
  session?: SessionTokens;
  /** Called with the new session after every sign-in and refresh (refresh tokens rotate: persist the new one), and with undefined on sign-out. */
  onSession?: (session: Session | undefined) => void;
  /** The bearer is refreshed before a request when it expires within this many seconds (default 30). */
  refreshBeforeSeconds?: number;
  /** The time now in ms (tests set it). */
  now?: () => number;
  /** A new Idempotency-Key (default: a random UUID). */
  newIdempotencyKey?: () => string;
  /** Headers sent with every request (for example a `user-agent` naming your integration). */
  headers?: Record<string, string>;
}

/** Per request: the operation's path, query and body, and these. */
export interface CallOptions {
  headers?: Record<string, string>;
  /** The POST's Idempotency-Key (default: a new UUID). Give your own to make a retry of yours, later, safe too. */
  idempotencyKey?: string;
  /** Send the request without the session's bearer (default: with it, once signed in). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** Options of {@link KybClient.request} for one operation. */
export type RequestOptions<A extends Area, M extends HttpMethod, P extends PathOf<A, M>> = RequestParts<OperationOf<A, M, P>> & CallOptions;

/** A success answer: its status, the envelope's message and data, and the request id. */
export interface KybResponse<D> {
  status: number;
  message: string;
  data: D;
  requestId: string | undefined;
  headers: Headers;
}

type SignInData = {
  access_token: string;
  id_token: string;
  refresh_token: string;
  customer_details?: { id?: string } | null;
  user_details?: { id?: string } | null;
};

/** Applicant sign-up answers 202 the first time: a code was mailed; send the same body again with `email_code`. */
export interface EmailCodeSent {
  emailCodeSent: true;
}

const isIdempotent = (area: Area, method: HttpMethod, path: string) => (IDEMPOTENT_OPERATIONS[area] as readonly string[]).includes(`${method} ${path}`);

/** A client of the suite; see {@link createKybClient}. */
export type KybClient = ReturnType<typeof createKybClient>;

/**
 * A client of the suite for one user: sign in once, then call any operation of the five areas,
 * typed from their OpenAPI documents. The bearer is refreshed before it expires and on a 401
 * `TokenExpiredError` (one refresh at a time: refresh tokens rotate); every POST carries an
 * `Idempotency-Key`, kept across its retries; safe failures are retried (see `createTransport`).
 */
export function createKybClient(options: KybClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const transport = createTransport(options);
  const now = options.now ?? Date.now;
  const newKey = options.newIdempotencyKey ?? randomUUID;
  const refreshBeforeMs = (options.refreshBeforeSeconds ?? 30) * 1000;
  let session: Session | undefined = options.session ? sessionOf(options.session) : undefined;
  let refreshing: Promise<void> | undefined;

  const setSession = (next: Session | undefined) => {
    session = next;
    options.onSession?.(next);
  };

  async function send<A extends Area, M extends HttpMethod, P extends PathOf<A, M>>(area: A, method: M, path: P, call: RequestOptions<A, M, P>): Promise<KybResponse<SuccessData<OperationOf<A, M, P>>>> {
    const parts = call as { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } & CallOptions;
    const url = `${base}/${area}/api/v1${fillPath(path, parts.path)}${queryString(parts.query)}`;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...parts.headers };
    if (parts.body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'post') headers['idempotency-key'] = parts.idempotencyKey ?? newKey();
    const retryable = method === 'get' || method === 'put' || method === 'delete' || (method === 'post' && isIdempotent(area, method, path));
    const signed = parts.auth !== false && session !== undefined;
    const attempt = async () => {
      if (signed) {
        await freshSession();
        headers.authorization = `Bearer ${current().idToken}`;
      }
      const body = parts.body === undefined ? undefined : JSON.stringify(parts.body);
      return transport({ method: method.toUpperCase(), url, headers, body, retryable, signal: parts.signal });
    };
    let response: Response;
    try {
      response = await attempt();
    } catch (err) {
      if (!(signed && err instanceof KybApiError && isExpiredToken(err.httpStatus, err.errorName))) throw err;
      await refresh(headers.authorization?.slice('Bearer '.length));
      response = await attempt();
    }
    const envelope = (await response.json().catch(() => ({}))) as { message?: unknown; data?: unknown };
    return {
      status: response.status,
      message: typeof envelope.message === 'string' ? envelope.message : '',
      data: envelope.data as SuccessData<OperationOf<A, M, P>>,
      requestId: response.headers.get('x-request-id') ?? undefined,
      headers: response.headers,
    };
  }

  function current(): Session {
    if (!session) throw new KybClientStateError('not signed in: call signIn (or give the client a session) first');
    return session;
  }

  async function freshSession(): Promise<void> {
    const { expiresAt, idToken } = current();
    if (expiresAt !== undefined && now() >= expiresAt - refreshBeforeMs) await refresh(idToken);
  }

  /** Refreshes once for every caller holding the same stale bearer. */
  async function refresh(staleIdToken: string | undefined): Promise<void> {
    if (refreshing) return refreshing;
    const held = current();
    if (staleIdToken !== undefined && held.idToken !== staleIdToken) return;
    refreshing = (async () => {
      const answer = await send('auth', 'post', REFRESH_PATHS[held.role], { body: { refresh_token: held.refreshToken }, auth: false });
      const tokens = answer.data as unknown as SignInData;
      setSession(sessionOf({ role: held.role, idToken: tokens.id_token, accessToken: tokens.access_token, refreshToken: tokens.refresh_token }, { customerId: held.customerId, userId: held.userId }));
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  function started(role: SessionRole, data: unknown): Session {
    const inner = (data as { data: SignInData }).data;
    const next = sessionOf(
      { role, idToken: inner.id_token, accessToken: inner.access_token, refreshToken: inner.refresh_token },
      { customerId: inner.customer_details?.id ?? undefined, userId: inner.user_details?.id ?? undefined },
    );
    setSession(next);
    return next;
  }

  return {
    /** The session signed in, if any (its refresh token is a secret: never log it). */
    get session(): Session | undefined {
      return session;
    },

    /** E8: a customer user signs in with email and password. */
    async signIn(credentials: { email: string; password: string }): Promise<Session> {
      return started('CUSTOMER', (await send('auth', 'post', '/customer/sign-in', { body: credentials, auth: false })).data);
    },

    /** A platform admin signs in. */
    async signInAdmin(credentials: { email: string; password: string }): Promise<Session> {
      return started('ADMIN', (await send('auth', 'post', '/admin/sign-in', { body: credentials, auth: false })).data);
    },

    /** An invited applicant signs in (or signs up with the invitation's token: the first answer mails a code, see {@link EmailCodeSent}). */
    async signInApplicant(body: RequestParts<OperationOf<'auth', 'post', '/applicant/sign-in'>>['body']): Promise<Session | EmailCodeSent> {
      const answer = await send('auth', 'post', '/applicant/sign-in', { body, auth: false });
      return answer.status === 202 ? { emailCodeSent: true } : started('APPLICANT', answer.data);
    },

    /** Ends this session (and its refresh token) in every area. */
    async signOut(): Promise<void> {
      await send('auth', 'post', '/customer/logout', { body: { refresh_token: current().refreshToken } });
      setSession(undefined);
    },

    /** Refreshes the bearer now (requests do it by themselves when needed). */
    refresh: () => refresh(undefined),

    /** Calls any operation and answers its whole success response; failures throw `KybApiError` or `KybNetworkError`. */
    send,

    /** Calls any operation and answers the `data` of its success envelope. */
    async request<A extends Area, M extends HttpMethod, P extends PathOf<A, M>>(area: A, method: M, path: P, call: RequestOptions<A, M, P>): Promise<SuccessData<OperationOf<A, M, P>>> {
      return (await send(area, method, path, call)).data;
    },

    /** Every page of a list: by `next_cursor` where the list gives one, else by page number up to `total_pages`. */
    pages<A extends Area, P extends ListPathOf<A>>(area: A, path: P, call: RequestOptions<A, 'get', P>): AsyncGenerator<ListPage<ListRecordOf<A, P>>> {
      // The caller's page or cursor says where to start; each later page is asked by its own.
      const { page: _page, cursor: _cursor, ...rest } = ((call as { query?: Record<string, unknown> }).query ?? {}) as PageQuery & Record<string, unknown>;
      return listPages((query: PageQuery) => send(area, 'get', path, { ...call, query: { ...rest, ...query } } as RequestOptions<A, 'get', P>), {
        page: _page,
        cursor: _cursor,
      });
    },

    /** Every record of a list, page after page (see `pages`). */
    async *list<A extends Area, P extends ListPathOf<A>>(area: A, path: P, call: RequestOptions<A, 'get', P>): AsyncGenerator<ListRecordOf<A, P>> {
      for await (const page of this.pages(area, path, call)) yield* page.records;
    },

    /**
     * E7 then the download: asks for a 360 report's signed PDF URL and fetches the PDF (the URL is
     * short-lived; the report must be COMPLETED, see `GET /reports/{reportID}`).
     */
    async downloadReport(reportID: string): Promise<Uint8Array> {
      const answer = await send('report', 'post', '/reports/{reportID}/download', { path: { reportID } });
      const pdfUrl = (answer.data as { pdf_url?: string | null }).pdf_url;
      if (!pdfUrl) throw new KybClientStateError(`report ${reportID} is not ready to download: ${answer.message}`);
      const pdf = await transport({ method: 'GET', url: pdfUrl, headers: { accept: 'application/pdf' }, retryable: true });
      return new Uint8Array(await pdf.arrayBuffer());
    },
  };
}
