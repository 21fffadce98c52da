import { z } from 'zod';

export const pagingQuery = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
};

export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;
