// Hostile input, by a student (tests/fuzzWalk.ts; the other walks are fuzz.test.ts and fuzz-admin.test.ts).
import { hostileWalk } from '../fuzzWalk';

hostileWalk('student');
