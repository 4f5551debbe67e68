import { callApi } from '../../../lib/api-client';

/** Describes an uploaded image into a prompt (1 credit); multipart field "image". */
export function describeImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return callApi('describeImage', { body: form });
}
