/**
 * Parses the one-api/new-api database settings as new-api's model/main.go reads SQL_DSN: empty, or
 * starting with `local`, → SQLite at SQLITE_PATH; `postgres://…` / `postgresql://…` → PostgreSQL; anything
 * else → MySQL/MariaDB in the Go driver's form `[user[:password]@][tcp(host:port)|unix(/socket)]/db[?params]`
 * (the password may hold `@`: the address starts after the last one, as the Go driver reads it), or
 * `mysql://user:pass@host:port/db`.
 */
export type DatabaseTarget =
  | { dialect: 'sqlite'; path: string }
  | { dialect: 'postgres'; connectionString: string }
  | {
      dialect: 'mysql';
      host: string;
      port: number;
      user: string;
      password: string;
      database: string;
      /** A unix socket (`unix(/run/mysqld/mysqld.sock)`): connected over it instead of host and port. */
      socketPath?: string;
    };

export type DatabaseDialect = DatabaseTarget['dialect'];

const goMysqlPattern =
  /^(?:(?<user>[^:@/]*)(?::(?<password>.*))?@)?(?:tcp6?\((?<address>[^)]*)\)|unix\((?<socket>[^)]*)\))?\/(?<database>[^?@/]*)(?:\?.*)?$/;

export function parseDatabaseTarget(dsn: string, sqlitePath: string): DatabaseTarget {
  const trimmed = dsn.trim();
  if (trimmed === '' || trimmed.toLowerCase().startsWith('local'))
    return { dialect: 'sqlite', path: sqlitePath };
  if (/^postgres(ql)?:\/\//i.test(trimmed)) return { dialect: 'postgres', connectionString: trimmed };
  if (/^mysql:\/\//i.test(trimmed)) {
    const url = new URL(trimmed);
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (!database)
      throw new Error('SQL_DSN: the MySQL URL must name a database (mysql://user:pass@host:3306/db)');
    return {
      dialect: 'mysql',
      host: url.hostname || '127.0.0.1',
      port: url.port ? Number(url.port) : 3306,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database,
    };
  }
  const match = goMysqlPattern.exec(trimmed);
  if (match?.groups) {
    const { user = '', password = '', address = '', socket = '', database = '' } = match.groups;
    if (!database)
      throw new Error('SQL_DSN: the MySQL DSN must name a database (user:pass@tcp(host:3306)/db)');
    if (socket)
      return {
        dialect: 'mysql',
        host: 'localhost',
        port: 3306,
        user,
        password,
        database,
        socketPath: socket,
      };
    const [host, port] = splitHostPort(address || '127.0.0.1:3306');
    return { dialect: 'mysql', host, port, user, password, database };
  }
  if (/^(clickhouse|tcp|https?):\/\//i.test(trimmed))
    throw new Error(
      "SQL_DSN: ClickHouse (new-api's log database) is not supported; use SQLite, PostgreSQL or MySQL",
    );
  throw new Error(
    'SQL_DSN: not understood; use postgres://…, mysql://user:pass@host:port/db, user:pass@tcp(host:port)/db or user:pass@unix(/path/to/mysqld.sock)/db',
  );
}

function splitHostPort(address: string): [string, number] {
  const separator = address.lastIndexOf(':');
  if (separator < 0) return [address, 3306];
  const port = Number(address.slice(separator + 1));
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`SQL_DSN: bad port in "${address}"`);
  return [address.slice(0, separator) || '127.0.0.1', port];
}
