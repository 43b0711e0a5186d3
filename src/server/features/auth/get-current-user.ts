import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../../shared/contracts/auth.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The signed-in user as the API shows it (never the raw row). */
export async function getCurrentUser(db: Db, userId: string): Promise<AuthUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}
