// Hostile input, by an administrator (tests/fuzzWalk.ts; the other walks are fuzz.test.ts and fuzz-student.test.ts).
import { hostileWalk } from '../fuzzWalk';

hostileWalk('admin');
