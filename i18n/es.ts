// Every message of the console in one language: react-admin's, ours, the features' and the resources' labels.
import ra from './ra/es';
import app from './app/es';
import { featureTexts } from './features';
import { mergeTrees, type MessageTree } from './translate';
import { resourceTexts } from './resources';

const tree = mergeTrees(mergeTrees(ra as unknown as MessageTree, app as unknown as MessageTree), featureTexts('es'));
export default { ...tree, resources: resourceTexts('es') };
