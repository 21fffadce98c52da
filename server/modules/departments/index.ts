/** The departments module's face: what other modules, the demo seed and server/app.ts may use. The rest of the folder is its own. */
export { departmentNames, departmentRef, departmentRefs } from './queries';
export { departmentRoutes } from './routes';
export { addDepartment } from './service';
