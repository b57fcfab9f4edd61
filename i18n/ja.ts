// Every message of the console in one language: react-admin's, ours, the features' and the resources' labels.
import ra from './ra/ja';
import app from './app/ja';
import { featureTexts } from './features';
import { mergeTrees, type MessageTree } from './translate';
import { resourceTexts } from './resources';

const tree = mergeTrees(mergeTrees(ra as unknown as MessageTree, app as unknown as MessageTree), featureTexts('ja'));
export default { ...tree, resources: resourceTexts('ja') };
