import type { BrowserContext, Page } from 'playwright-core';
import { signInThroughDevProvider } from './start-app.ts';

/** A cookie as `BrowserContext.addCookies` takes it. */
type BrowserCookie = Parameters<BrowserContext['addCookies']>[0][number];

const SAME_SITE: Record<string, BrowserCookie['sameSite']> = { lax: 'Lax', strict: 'Strict', none: 'None' };

/**
 * The cookie a browser keeps from one `Set-Cookie` line the app at `baseUrl` sent at `receivedAt`
 * (ms): its name and value, and the attributes as the line gives them (Path, HttpOnly, SameSite,
 * Secure, Max-Age or Expires, Domain; host-only without one), not assumed.
 */
export function cookieFromSetCookie(line: string, baseUrl: string, receivedAt = Date.now()): BrowserCookie {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const index = pair.indexOf('=');
  if (index <= 0) throw new Error(`not a Set-Cookie line: ${line}`);
  const cookie: BrowserCookie = {
    name: pair.slice(0, index),
    value: pair.slice(index + 1),
    domain: new URL(baseUrl).hostname,
    path: '/',
    httpOnly: false,
    secure: false,
    expires: -1,
  };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const value = rest.join('=');
    switch (key.toLowerCase()) {
      case 'path':
        cookie.path = value;
        break;
      case 'domain':
        cookie.domain = value;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'samesite': {
        const sameSite = SAME_SITE[value.toLowerCase()];
        if (!sameSite) throw new Error(`unknown SameSite in ${line}`);
        cookie.sameSite = sameSite;
        break;
      }
      case 'max-age':
        cookie.expires = Math.floor(receivedAt / 1000) + Number(value);
        break;
      case 'expires':
        if (!attributes.some((other) => /^max-age=/i.test(other)))
          cookie.expires = Math.floor(Date.parse(value) / 1000);
        break;
    }
  }
  return cookie;
}

/** The last `upside_session` Set-Cookie line of a sign-in: the session the browser keeps. */
export function sessionSetCookie(lines: readonly string[]): string {
  const line = lines.findLast((candidate) => candidate.startsWith('upside_session='));
  if (!line) throw new Error('the sign-in sent no session cookie');
  return line;
}

/**
 * Signs `email` in through the development provider over HTTP (`signInThroughDevProvider`: the same
 * redirects and form as `signInInBrowser`, with the browser's cookies for the app, so an earlier
 * session is ended as the browser's sign-in ends it, and the browser's User-Agent, which the session
 * records), puts the session cookie the app set into the page's browser context, and loads `path`
 * (`null`: none, for a test whose next step loads a page of its own or calls the API): one page load instead of the app, the provider's form and the app again (~2–3 s of Chromium's CPU
 * each, decisions 227 and 240). For tests that do not test signing in; those use `signInInBrowser`.
 */
export async function signInByCookie(
  page: Page,
  baseUrl: string,
  email: string,
  firstName: string,
  path: string | null = '/',
): Promise<void> {
  const held = await page.context().cookies(baseUrl);
  const setCookies: string[] = [];
  await signInThroughDevProvider(baseUrl, email, firstName, {
    cookie: held.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
    setCookies,
    userAgent: await page.evaluate(() => navigator.userAgent),
  });
  await page.context().addCookies([cookieFromSetCookie(sessionSetCookie(setCookies), baseUrl)]);
  if (path !== null) await page.goto(new URL(path, baseUrl).href);
}
