// Hostile input, by no one signed in (tests/fuzzWalk.ts). The student's and the administrator's walks are
// fuzz-student.test.ts and fuzz-admin.test.ts: a file each, so that the three, the suite's longest tests, run side by side.
import { hostileWalk } from '../fuzzWalk';

hostileWalk('nobody');
