/** An area behind the gateway, served at `/<area>/api/v1`. */
export type GatewayArea = 'auth' | 'case' | 'integration' | 'score' | 'report';

/** Options of {@link renderGatewayConfig}. */
export interface RenderGatewayOptions {
  /** Port the gateway listens on (all addresses). */
  port: number;
  /** Each area's api: `"host:port"`, or a bare port number meaning `127.0.0.1:<port>`. */
  upstreams: Record<GatewayArea, string | number>;
  /** GATEWAY_ROOT, the directory of the static files; default `<runtimeDir>/html` (index.html is copied there). */
  root?: string;
  /** Absolute path of the JSON access log; default `<runtimeDir>/access.log`. */
  accessLog?: string;
  /** Absolute directory that receives nginx.conf, gateway.conf, kyb-access-log.conf and html/; created when missing. */
  runtimeDir: string;
}

/** Writes nginx.conf, gateway.conf and the static files into `runtimeDir`; returns the path of nginx.conf. */
export function renderGatewayConfig(options: RenderGatewayOptions): string;

/** Substitutes exactly the {@link PLACEHOLDERS} (`${NAME}`) in a template; throws on a missing value or an unknown placeholder. */
export function renderTemplate(template: string, values: Record<string, string>): string;

/** The only names substituted in gateway.conf.template. */
export const PLACEHOLDERS: readonly string[];
/** The areas, in the order of the upstream blocks. */
export const AREAS: readonly GatewayArea[];
/** Absolute path of gateway.conf.template. */
export const TEMPLATE_PATH: string;
/** Absolute path of nginx.conf (the main configuration copied into runtimeDir). */
export const NGINX_CONF_PATH: string;
/** The static files copied into the gateway's root. */
export const STATIC_FILES: readonly string[];
/** The access-log file the template's server block includes, relative to nginx's configuration directory. */
export const ACCESS_LOG_INCLUDE: string;
