/** The designations API contract (docs/product.md). */
import { z } from 'zod';
import { id, line, messageResult } from '../common/schemas';
import { JOB_TYPES } from '../roles';

const designationSchema = z.object({ id: z.number().int(), designation: z.string() }).meta({ id: 'Designation' });
export type Designation = z.infer<typeof designationSchema>;

/** One personnel member with their designations, oldest first. */
const personnelDesignations = z
  .object({
    userId: z.number().int(),
    fullName: z.string(),
    jobType: z.enum(JOB_TYPES).nullable(),
    designations: z.array(designationSchema),
  })
  .meta({ id: 'PersonnelDesignations' });
export type PersonnelDesignations = z.infer<typeof personnelDesignations>;

export const designationList = z.object({ personnel: z.array(personnelDesignations) });
export type DesignationList = z.infer<typeof designationList>;

export const addDesignationBody = z.object({ personnelId: id, designation: line().max(1000) });
export type AddDesignationBody = z.infer<typeof addDesignationBody>;
export const designationBody = z.object({ designation: line().max(1000) });
export type DesignationBody = z.infer<typeof designationBody>;

export const designationResult = messageResult.extend({ designation: designationSchema });
export type DesignationResult = z.infer<typeof designationResult>;
