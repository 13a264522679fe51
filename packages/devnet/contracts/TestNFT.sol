// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// ERC-721 for the devnet, mintable by the deployer. Metadata lives on chain (a data: URI with an
/// SVG image), so a wallet view can show the item with no server.
contract TestNFT is ERC721, Ownable {
    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) Ownable(msg.sender) {}

    function mint(address to, uint256 tokenId) external onlyOwner {
        _mint(to, tokenId);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory id = Strings.toString(tokenId);
        string memory image = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#2d6a4f"/>',
            '<text x="48" y="58" font-size="28" text-anchor="middle" fill="#fff">#',
            id,
            "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"',
            name(),
            " #",
            id,
            '","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(image)),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
