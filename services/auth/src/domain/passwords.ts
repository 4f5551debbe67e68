import { Algorithm, hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Verified against when the email is unknown, so both answers take as long.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$5rFFrllMapZYzbTPUpcQ8Q$TbUs/864etkChsN72flMsaKL+rtosXm7/spgmhKPLk8';

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    const matches = await verify(passwordHash ?? DUMMY_HASH, password);
    return passwordHash !== null && matches;
  } catch {
    return false;
  }
}
