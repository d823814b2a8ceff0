import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser, userIdOf } from '../../lib/auth';
import { HttpError, badRequest, validationFailed } from '../../lib/errors';
import { textProblem } from '../../lib/input-guards';
import { parse, uuidParam } from '../../lib/validate';
import { inspectImage, snapWidth } from './images';
import { widthQuery } from './schemas';
import { fileService, type Upload } from './service';

export function fileRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  const service = fileService(deps);
  const tooLarge = `The file is too large. The limit is ${Math.floor(config.maxUploadBytes / (1024 * 1024)) || 1} MB.`;

  /** Reads the multipart field `data` fully, within the size limit. */
  async function readUpload(request: FastifyRequest): Promise<Upload> {
    if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "data"', [{ field: 'data', message: 'A file is required' }]);
    let part;
    try {
      part = await request.file({ limits: { fileSize: config.maxUploadBytes, files: 1 } });
    } catch (error) {
      throw asUploadError(error);
    }
    if (!part || part.fieldname !== 'data') {
      throw badRequest('Send the file in the field "data"', [{ field: 'data', message: 'A file is required' }]);
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      throw asUploadError(error);
    }
    if (part.file.truncated) throw new HttpError(413, tooLarge);
    if (bytes.length === 0) throw badRequest('The file is empty', [{ field: 'data', message: 'The file is empty' }]);
    // The file name is the one text of a multipart body the route stores; the input guards only see JSON, query and params.
    const filename = part.filename?.slice(0, 200) ?? null;
    const nameProblem = filename === null ? null : textProblem(filename, 'filename');
    if (nameProblem) throw validationFailed([nameProblem]);
    const info = await inspectImage(bytes);
    return { bytes, info, filename };
  }

  function asUploadError(error: unknown): Error {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') return new HttpError(413, tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('Send the file as multipart/form-data in the field "data"');
    if (error instanceof HttpError) return error;
    return badRequest('The upload could not be read');
  }

  app.post('/files', { preHandler: requireUser }, async (request, reply) => {
    const upload = await readUpload(request);
    const created = await service.upload(userIdOf(request), upload);
    reply.code(201);
    return created;
  });

  // Replaces the caller's file, or creates one under this id (201) when none has it, so an image
  // chosen offline keeps the id the device made; another user's file is a 403.
  app.put('/files/:id', { preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const caller = { userId: userIdOf(request), roles: request.auth?.roles ?? [] };
    // Checked before the upload is read, so someone else's id is refused without taking the bytes.
    await service.ownedOrNone(id, caller);
    const { created } = await service.put(id, caller, await readUpload(request));
    if (created) reply.code(201);
    return { id };
  });

  app.delete('/files/:id', { preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(uuidParam, request.params, 'params');
    await service.remove(await service.owned(id, request.auth));
    reply.code(204);
  });

  app.get('/files/manifest', async (request, reply) => {
    const etag = `W/"manifest-${await service.manifestVersion()}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return service.manifest();
  });

  app.get('/files/:id', async (request, reply) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const { width } = parse(widthQuery, request.query, 'query');
    const file = await service.find(id);
    const served = width ? snapWidth(width) : null;
    const etag = `"${file.sha256.slice(0, 40)}${served ? `-w${served}` : ''}"`;
    reply
      .header('etag', etag)
      // Revalidate every time: a file id can be given new bytes (PUT), and a 304 is cheap.
      .header('cache-control', 'public, no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('last-modified', file.updatedAt.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const { bytes, contentType } = await service.content(file, served);
    return reply.type(contentType).send(bytes);
  });
}
