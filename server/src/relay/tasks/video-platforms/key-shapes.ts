/**
 * The key shapes of the video platforms signed with an access key pair (Kling, Jimeng): `AccessKey|SecretKey`,
 * or the `sk-` key of another new-api in front of the platform. Checked when a channel is saved
 * (server/src/relay/channel-types-video.ts) and before a request is signed (./kling.ts, ./jimeng.ts); this
 * module imports nothing, so the registry can use it without importing the platforms.
 */

/** Another new-api in front of the platform: its key is a gateway key. */
export function isGatewayKey(key: string): boolean {
  return key.startsWith('sk-');
}

function keyPairProblem(key: string, platform: string): string | null {
  if (isGatewayKey(key)) return null;
  const parts = key.split('|');
  return parts.length === 2 && parts[0]?.trim() && parts[1]?.trim()
    ? null
    : `a ${platform} key is AccessKey|SecretKey`;
}

/** Why a key cannot be a Kling key, or null. */
export const klingKeyProblem = (key: string): string | null => keyPairProblem(key, 'Kling');

/** Why a key cannot be a Jimeng key, or null. */
export const jimengKeyProblem = (key: string): string | null => keyPairProblem(key, 'Jimeng');
