import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bindExecute, errorFields, md5Password, paramText, parseMessage, PostgresError, ScramSession, startupMessage, SYNC } from '../../server/db/pg-wire';

/** The typed messages in a frontend buffer: [type, body]. */
function messages(bytes: Buffer): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  for (let at = 0; at < bytes.length;) {
    const length = bytes.readInt32BE(at + 1);
    out.push([String.fromCharCode(bytes[at]!), bytes.subarray(at + 5, at + 1 + length)]);
    at += 1 + length;
  }
  return out;
}

describe('parameters in PostgreSQL text form', () => {
  it('write strings as they are, numbers and booleans as PostgreSQL reads them, null as NULL', () => {
    expect(paramText('fotograf bergen')).toBe('fotograf bergen');
    expect(paramText(24)).toBe('24');
    expect(paramText(0.125)).toBe('0.125');
    expect(paramText(12n)).toBe('12');
    expect(paramText(true)).toBe('t');
    expect(paramText(null)).toBeNull();
    expect(paramText(undefined)).toBeNull();
  });

  it('quote every array element, escaping quotes and backslashes, NULL unquoted', () => {
    expect(paramText(['a', 'b c', 'say "hi"', 'back\\slash', null, '{x,y}'])).toBe('{"a","b c","say \\"hi\\"","back\\\\slash",NULL,"{x,y}"}');
    expect(paramText([])).toBe('{}');
  });

  it('refuse what has no text form instead of sending "[object Object]"', () => {
    expect(() => paramText({ a: 1 })).toThrow(TypeError);
    expect(() => paramText([() => 1])).toThrow(TypeError);
  });
});

describe('frontend messages', () => {
  it('bind text parameters (NULL as length -1) to a named statement and execute every row', () => {
    const [bind, execute, ...rest] = messages(bindExecute('card3', [24, null, 'blåbær']));
    expect(rest).toEqual([]);
    expect(bind![0]).toBe('B');
    const body = bind![1];
    let at = 0;
    const cstring = () => {
      const end = body.indexOf(0, at);
      const text = body.toString('utf8', at, end);
      at = end + 1;
      return text;
    };
    expect(cstring()).toBe(''); // portal
    expect(cstring()).toBe('card3');
    expect(body.readInt16BE(at)).toBe(0); // parameter formats: all text
    expect(body.readInt16BE(at + 2)).toBe(3);
    at += 4;
    const params: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const length = body.readInt32BE(at);
      at += 4;
      params.push(length < 0 ? null : body.toString('utf8', at, at + length));
      at += Math.max(0, length);
    }
    expect(params).toEqual(['24', null, 'blåbær']);
    expect(body.readInt16BE(at)).toBe(0); // result formats: all text
    expect(at + 2).toBe(body.length);
    expect(execute).toEqual(['E', Buffer.from([0, 0, 0, 0, 0])]);
    expect(messages(SYNC)).toEqual([['S', Buffer.alloc(0)]]);
  });

  it('parse a statement by name with its parameters typed by PostgreSQL', () => {
    expect(messages(parseMessage('card1', 'select $1::int4'))).toEqual([['P', Buffer.from('card1\0select $1::int4\0\0\0', 'utf8')]]);
  });

  it('start protocol 3.0 with the parameters, NUL-terminated', () => {
    const bytes = startupMessage({ user: 'app', database: 'db' });
    expect(bytes.readInt32BE(0)).toBe(bytes.length);
    expect(bytes.readInt32BE(4)).toBe(196608);
    expect(bytes.subarray(8).toString('utf8')).toBe('user\0app\0database\0db\0\0');
  });

  it('answer MD5 as md5(md5(password + user) + salt)', () => {
    const salt = Buffer.from([1, 2, 3, 4]);
    const [[type, body]] = messages(md5Password('app', 'secret', salt)) as [[string, Buffer]];
    const inner = createHash('md5').update('secretapp').digest('hex');
    expect(type).toBe('p');
    expect(body.toString('utf8')).toBe(`md5${createHash('md5').update(Buffer.concat([Buffer.from(inner), salt])).digest('hex')}\0`);
  });
});

describe('SCRAM-SHA-256', () => {
  // RFC 7677, section 3: user "user", password "pencil".
  const serverFirst = 'r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096';

  it('computes RFC 7677\'s client proof and accepts its server signature', () => {
    const session = new ScramSession('pencil', 'rOprNGfwEbeRWgbNEkqO', 'user');
    const [[, initial]] = messages(session.initial()) as [[string, Buffer]];
    expect(initial.toString('utf8')).toBe('SCRAM-SHA-256\0\0\0\0\x20n,,n=user,r=rOprNGfwEbeRWgbNEkqO');
    const [[, final]] = messages(session.continue(serverFirst)) as [[string, Buffer]];
    expect(final.toString('utf8')).toBe('c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=');
    expect(() => session.verify('v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=')).not.toThrow();
  });

  it('refuses a server signature made without the password, and a nonce that is not its own', () => {
    const session = new ScramSession('pencil', 'rOprNGfwEbeRWgbNEkqO', 'user');
    session.continue(serverFirst);
    expect(() => session.verify('v=AAAAi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=')).toThrow(/did not match/);
    expect(() => session.verify('e=other-error')).toThrow(/did not match/);
    expect(() => new ScramSession('pencil', 'mine').continue('r=theirs,s=AAAA,i=4096')).toThrow(/cannot answer/);
    expect(() => new ScramSession('pencil', 'mine').continue('r=mine2,s=AAAA,i=0')).toThrow(/cannot answer/);
  });
});

describe('ErrorResponse', () => {
  it('reads its fields into an error with the SQLSTATE as code', () => {
    const body = Buffer.from('SERROR\0C42601\0Msyntax error at or near "selec"\0P1\0\0');
    const fields = errorFields(body);
    expect(fields.get('S')).toBe('ERROR');
    const error = new PostgresError(fields);
    expect(error.code).toBe('42601');
    expect(error.message).toBe('syntax error at or near "selec"');
  });
});
