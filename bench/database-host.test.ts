import { describe, expect, it } from 'vitest';
import { isLocalHost, transportOf } from './database-host.ts';

describe('the database URL the bench is given', () => {
  it('when it names 127.0.0.1, localhost or a socket directory, then it is local; another host is not', () => {
    expect(isLocalHost('postgres://postgres@127.0.0.1:5432/postgres')).toBe(true);
    expect(isLocalHost('postgres://postgres@localhost/postgres?host=/var/run/postgresql')).toBe(true);
    expect(isLocalHost('postgres://app@db.internal:5432/docket')).toBe(false);
    expect(isLocalHost(undefined)).toBe(false);
  });

  it('when the report names the transport, then a host parameter with a directory is the Unix socket, else TCP to the host', () => {
    expect(transportOf('postgres://postgres@127.0.0.1:5432/postgres')).toBe('TCP 127.0.0.1');
    expect(transportOf('postgres://postgres@localhost/postgres?host=/var/run/postgresql')).toBe('Unix socket');
    expect(transportOf('postgres://app@db.internal:5432/docket')).toBe('TCP db.internal');
  });
});
