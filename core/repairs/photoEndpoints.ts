/** The reporter's photo of the problem (docs/decisions/repairs-lifecycle.md): attached with the report, seen by all who see it. */
import { endpoints } from '../common/endpoint';
import { fileQuery, fileResponse, idParams } from '../common/schemas';
import { FILE_KIND_MIME, PROOF_IMAGE_KINDS } from '../files';
import { ROLES } from '../roles';
import { repairResult } from './schemas';

export const repairPhotoEndpoints = endpoints({
  attachPhoto: {
    method: 'POST',
    path: '/api/repairs/:id/photo',
    access: ['faculty'],
    schema: {
      summary:
        'Attach a photo of the problem to my pending report, or replace it: multipart with the image in field "photo" (JPEG, PNG or GIF, at most 5 MB; re-encoded)',
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: repairResult },
    },
  },
  issuePhoto: {
    method: 'GET',
    path: '/api/repairs/:id/photo',
    access: ROLES,
    schema: {
      summary: "The reporter's photo of the problem (its reporter, followers, the person assigned, or the office); ?w= scales it down",
      params: idParams,
      querystring: fileQuery,
      response: {
        200: fileResponse(
          'The photo of the problem',
          PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
        ),
      },
    },
  },
});
