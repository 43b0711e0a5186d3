import { z } from 'zod';
import type { ShopifyClient } from './client.ts';

/**
 * The scopes the app installation holds (contracts/external-apis-2.md §4):
 * `currentAppInstallation { accessScopes { handle } }`. Works with any token the app has, whatever
 * scopes it was granted.
 */
const ACCESS_SCOPES_QUERY = 'query AccessScopes { currentAppInstallation { accessScopes { handle } } }';

const AccessScopesDataSchema = z.object({
  currentAppInstallation: z.object({ accessScopes: z.array(z.object({ handle: z.string() })) }),
});

export async function readGrantedScopes(client: ShopifyClient): Promise<string[]> {
  const data = await client.query(ACCESS_SCOPES_QUERY, {}, AccessScopesDataSchema);
  return data.currentAppInstallation.accessScopes.map((scope) => scope.handle);
}
