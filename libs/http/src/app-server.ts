import http, { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

type RequestConstructor = typeof IncomingMessage;
type ResponseConstructor = typeof ServerResponse;

/**
 * An HTTP server for `app` whose requests and responses are created with the app's own prototypes
 * (`app.request`, `app.response`), instead of Node's plain ones.
 *
 * Express gives every request and response its app's prototype with `Object.setPrototypeOf` once
 * they exist. In V8 that change costs far more than its look: the objects of each request then
 * survive the young generation's collections, so the scavenges copy and promote megabytes and pause
 * the event loop for milliseconds (ADR 0039: under E9's load, 4 MB survived each scavenge and the
 * pauses averaged 4 ms; created with the right prototype, 0.17 MB and 1 ms, and E9 served ~55% more
 * requests). Created so, Express's own call finds the prototype already in place and changes
 * nothing. Node's `IncomingMessage` and `ServerResponse` options are what make this possible.
 */
export function createAppServer(app: Express): Server {
  // A Node whose constructors became classes cannot be called on `this`: Express's own way then.
  if (!callableOnThis(IncomingMessage) || !callableOnThis(ServerResponse)) return http.createServer(app);
  return http.createServer({ IncomingMessage: requestOf(app), ServerResponse: responseOf(app) }, app);
}

/** Whether `constructor` is a plain function (it can set up an object made elsewhere), not a class. */
export function callableOnThis(constructor: unknown): boolean {
  return typeof constructor === 'function' && !/^class\b/.test(Function.prototype.toString.call(constructor));
}

/*
 * Plain constructor functions, not subclasses: a class's `prototype` cannot be replaced, and
 * `Reflect.construct` with another `new.target` measured slower than Express's own way. Node's
 * IncomingMessage and ServerResponse are plain functions that set up `this`.
 */
function requestOf(app: Express): RequestConstructor {
  const construct = IncomingMessage as unknown as (this: IncomingMessage, socket: Socket) => void;
  function AppRequest(this: IncomingMessage, socket: Socket) {
    construct.call(this, socket);
  }
  AppRequest.prototype = app.request;
  return AppRequest as unknown as RequestConstructor;
}

function responseOf(app: Express): ResponseConstructor {
  const construct = ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: unknown) => void;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: unknown) {
    construct.call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return AppResponse as unknown as ResponseConstructor;
}
