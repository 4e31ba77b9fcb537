import { routeGroup } from './spec';

/** Photo and video uploads (the `media` tag). */
export const mediaRoutes = routeGroup({
  uploadMedia: {
    method: 'POST',
    path: '/api/media',
    summary: 'Upload a photo or video (multipart/form-data, field "file"); cleaned of metadata and stored',
    tag: 'media',
    auth: true,
    status: 201,
    rateLimit: ['uploadsPerUser'],
    fileField: 'file',
  },
  mediaLimits: {
    method: 'GET',
    path: '/api/media/limits',
    summary: 'Largest accepted sizes and the types the picker offers',
    tag: 'media',
    auth: false,
    status: 200,
  },
});
