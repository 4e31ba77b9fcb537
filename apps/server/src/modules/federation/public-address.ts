import { validatePublicUrl } from '@fedify/vocab-runtime';

/**
 * Whether the server may deliver to a URL (SSRF protection, issue 49): http(s) to a public address,
 * which Fedify checks of what it fetches but not of the inboxes it delivers to. With
 * FEDERATION_ALLOW_PRIVATE_ADDRESSES (tests on loopback) every http(s) URL may be reached.
 */
export async function mayDeliverTo(url: string, allowPrivateAddresses: boolean): Promise<boolean> {
  if (allowPrivateAddresses) return /^https?:\/\//.test(url);
  try {
    await validatePublicUrl(url);
    return true;
  } catch {
    return false;
  }
}
