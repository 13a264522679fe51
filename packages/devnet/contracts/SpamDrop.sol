// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// One ERC-20 of a spam campaign. Each clone is a token of its own (its own address) that announces
/// a transfer it never made, so that it shows up in the receiver's wallet.
contract SpamToken {
    event Transfer(address indexed from, address indexed to, uint256 value);

    function name() external pure returns (string memory) {
        return "Spam Token";
    }

    function symbol() external pure returns (string memory) {
        return "SPAM";
    }

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function announce(address from, address to, uint256 value) external {
        emit Transfer(from, to, value);
    }
}

/// On-chain spam as it reaches real wallets, for the server's tests (deployed by the tests, not by
/// the devnet): an ERC-721 collection that "mints" many items to an address in one transaction,
/// and many ERC-20 contracts that each send it a transfer in one transaction. As with real spam,
/// only the Transfer events are real; nothing is stored per item, so 1,001 items fit in a block.
contract SpamDrop {
    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    address public immutable tokenTemplate;

    constructor() {
        tokenTemplate = address(new SpamToken());
    }

    function name() external pure returns (string memory) {
        return "Spam Drop";
    }

    function symbol() external pure returns (string memory) {
        return "DROP";
    }

    /// Items firstId .. firstId + count - 1, each announced as minted to `to`.
    function mint(address to, uint256 firstId, uint256 count) external {
        for (uint256 id = firstId; id < firstId + count; id++) {
            emit Transfer(address(0), to, id);
        }
    }

    /// Creates spam tokens number first .. first + count - 1 (about 42,000 gas each).
    function createTokens(uint256 first, uint256 count) external {
        for (uint256 number = first; number < first + count; number++) {
            Clones.cloneDeterministic(tokenTemplate, bytes32(number));
        }
    }

    /// The address of spam token `number` (created or not).
    function token(uint256 number) public view returns (address) {
        return Clones.predictDeterministicAddress(tokenTemplate, bytes32(number));
    }

    /// Spam tokens first .. first + count - 1 each announce a transfer of 1 token to `to`.
    function sendTokens(address to, uint256 first, uint256 count) external {
        for (uint256 number = first; number < first + count; number++) {
            SpamToken(token(number)).announce(address(this), to, 1 ether);
        }
    }

    function tokenURI(uint256 tokenId) external pure returns (string memory) {
        string memory json = string.concat('{"name":"Spam Drop #', Strings.toString(tokenId), '"}');
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
