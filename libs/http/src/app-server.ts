import http, { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';

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
  return http.createServer({ IncomingMessage: constructedWith(IncomingMessage, app.request), ServerResponse: constructedWith(ServerResponse, app.response) }, app);
}

/** Whether `constructor` is a plain function (it can set up an object made elsewhere), not a class. */
export function callableOnThis(constructor: unknown): boolean {
  return typeof constructor === 'function' && !/^class\b/.test(Function.prototype.toString.call(constructor));
}

/*
 * A plain constructor function, not a subclass: a class's `prototype` cannot be replaced, and
 * `Reflect.construct` with another `new.target` measured slower than Express's own way. Node's
 * IncomingMessage(socket) and ServerResponse(req, options) are plain functions that set up `this`;
 * two fixed arguments cover both without an array per request.
 */
function constructedWith<C>(base: C, prototype: object): C {
  const construct = base as unknown as (this: object, first: unknown, second?: unknown) => void;
  function Constructed(this: object, first: unknown, second?: unknown) {
    construct.call(this, first, second);
  }
  Constructed.prototype = prototype;
  return Constructed as unknown as C;
}
