import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { arrayLiteral, bindExecute, decodeText, errorFields, md5Password, paramText, parseMessage, PostgresError, rowDescription, ScramSession, startupMessage, SYNC } from '../../server/db/pg-wire';

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

describe('reading results', () => {
  it('reads a RowDescription\'s names and type OIDs', () => {
    const field = (name: string, type: number) => {
      const rest = Buffer.alloc(18);
      rest.writeInt32BE(type, 6);
      return Buffer.concat([Buffer.from(`${name}\0`), rest]);
    };
    const body = Buffer.concat([Buffer.from([0, 2]), field('n', 23), field('wörds', 1009)]);
    expect(rowDescription(Buffer.concat([Buffer.from('xxxxx'), body]), 5)).toEqual([{ name: 'n', type: 23 }, { name: 'wörds', type: 1009 }]);
  });

  it('decodes the column types the search reads, and leaves other types as text', () => {
    expect(decodeText(23, '-12')).toBe(-12);
    expect(decodeText(701, '1.5e3')).toBe(1500);
    expect(decodeText(20, '9007199254740993')).toBe('9007199254740993');
    expect(decodeText(16, 't')).toBe(true);
    expect(decodeText(16, 'f')).toBe(false);
    expect(decodeText(3802, '{"a":[1]}')).toEqual({ a: [1] });
    expect(decodeText(1007, '{1,NULL,-3}')).toEqual([1, null, -3]);
    expect(decodeText(1009, '{fotograf,berg}')).toEqual(['fotograf', 'berg']);
    expect(decodeText(25, '{not,an,array}')).toBe('{not,an,array}');
    expect(decodeText(3615, "'fotograf' & 'berg'")).toBe("'fotograf' & 'berg'");
  });

  it('reads array literals: quotes, escapes, NULL unquoted only, empty, braces and commas inside quotes', () => {
    expect(arrayLiteral('{}')).toEqual([]);
    expect(arrayLiteral('{a}')).toEqual(['a']);
    expect(arrayLiteral('{a,"b c","d\\"e","f\\\\g",NULL,"NULL","{x,y}",""}')).toEqual(['a', 'b c', 'd"e', 'f\\g', null, 'NULL', '{x,y}', '']);
    expect(() => arrayLiteral('a,b')).toThrow(/Not an array literal/);
    expect(() => arrayLiteral('{"a}')).toThrow(/inside a quoted element/);
    expect(() => arrayLiteral('{"a"b}')).toThrow(/Unexpected/);
  });
});
