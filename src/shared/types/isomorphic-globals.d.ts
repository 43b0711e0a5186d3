/**
 * The globals shared code may use because every runtime it runs in has them (browsers and Node ≥ 20):
 * only the WHATWG URL and URLSearchParams classes. Read only by tsconfig.core.json, which checks src/core and src/shared
 * without the DOM or Node libraries, so nothing else from either slips into isomorphic code.
 */
declare class URL {
  constructor(url: string, base?: string | URL);
  static canParse(url: string, base?: string): boolean;
  static parse(url: string, base?: string): URL | null;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly origin: string;
  readonly href: string;
  readonly searchParams: URLSearchParams;
}
declare class URLSearchParams {
  constructor(init?: string);
  append(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
