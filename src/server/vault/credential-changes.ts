import type { CredentialProvider } from '../../shared/contracts/credentials.ts';

/** A stored credential was written, re-verified or deleted. (Re-encryption under a new key changes no secret.) */
export interface CredentialChange {
  workspaceId: string;
  provider: CredentialProvider;
}
type Listener = (change: CredentialChange) => void;

const listeners = new Set<Listener>();

/**
 * Lets a cache of decrypted credentials (the webhook receiver's shop → secret lookup) forget an
 * entry the moment this process changes the credential. Returns the unsubscribe function.
 */
export function onCredentialChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by every write to the credentials table (credential-store.ts and the shop/redact deletion). */
export function credentialChanged(change: CredentialChange): void {
  for (const listener of listeners) listener(change);
}
