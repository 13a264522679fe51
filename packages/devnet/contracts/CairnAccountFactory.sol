// SPDX-License-Identifier: MIT
pragma solidity ^0.8.23;

import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/utils/Create2.sol";
import "./CairnAccount.sol";

/// Deploys CairnAccount proxies at CREATE2 addresses known before deployment (an account's
/// counterfactual address, what ERC-6492 signatures and a first user operation's initCode use).
contract CairnAccountFactory {
    CairnAccount public immutable accountImplementation;

    constructor(IEntryPoint entryPoint) {
        accountImplementation = new CairnAccount(entryPoint);
    }

    /// The account of `owner` and `salt`, deployed on the first call; later calls answer it.
    function createAccount(address owner, uint256 salt) external returns (CairnAccount) {
        address account = getAddress(owner, salt);
        if (account.code.length > 0) return CairnAccount(payable(account));
        return CairnAccount(payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), _initialize(owner))));
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes memory proxyInit = abi.encodePacked(type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), _initialize(owner)));
        return Create2.computeAddress(bytes32(salt), keccak256(proxyInit));
    }

    function _initialize(address owner) private pure returns (bytes memory) {
        return abi.encodeCall(SimpleAccount.initialize, (owner));
    }
}
