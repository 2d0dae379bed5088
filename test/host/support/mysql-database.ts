import { createConnection } from 'mysql2/promise';

/** A database of its own on the server of `base`, so a suite never collides with others on the shared server. */
export async function freshDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `docsift_host_${process.pid}_${Date.now() % 100000}_${Math.floor(Math.random() * 1000)}`;
  const admin = await createConnection(base);
  await admin.query(`CREATE DATABASE \`${name}\``);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const conn = await createConnection(base);
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

/**
 * The databases a host suite runs on, as the environment of its harness: the harness's own SQLite
 * file, and a fresh MySQL/MariaDB database when DOCSIFT_TEST_MYSQL_URL is set (null otherwise).
 */
export const HOST_DATABASES: Array<{ name: string; open: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> } | null> }> = [
  { name: 'SQLite', open: async () => ({ env: {}, drop: async () => undefined }) },
  {
    name: 'MySQL/MariaDB (DOCSIFT_TEST_MYSQL_URL)',
    open: async () => {
      const base = process.env.DOCSIFT_TEST_MYSQL_URL;
      if (!base) return null;
      const db = await freshDatabase(base);
      return { env: { DOCSIFT_DATABASE_URL: db.url }, drop: db.drop };
    },
  },
];
