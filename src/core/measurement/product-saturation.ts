import type { MmmSaturationSetting } from './types.ts';

/**
 * The saturation setting of every figure the product shows an owner (decisions 236, 243): `upside
 * mmm`, the Measurement page (`GET /api/measurement/mmm`), the budget planner and the analysis' budget
 * move all fit both curve families, Hill and logistic, and pool their draws by evidence (fitMmm's
 * 'data'), so the same data give the same contributions and ROAS on every surface. fitMmm's own
 * default stays Hill (decision 234) for callers that name nothing: the bench's simulators and tests.
 */
export const PRODUCT_SATURATION: MmmSaturationSetting = 'data';
