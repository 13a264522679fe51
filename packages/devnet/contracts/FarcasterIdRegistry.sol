// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Farcaster's ID registry as Sign In With Farcaster reads it (FIP-11): each account's fid and the
/// custody address that owns it. The devnet puts its code at the registry's OP Mainnet address, so an
/// app that checks a sign-in message's signer against the registry (`idOf(custody) == fid`) checks
/// against this one. Registering is open: one fid per custody address, counted from 1, like the
/// registry's own counter (the real one registers through its gateway, with a fee; none here).
contract FarcasterIdRegistry {
    event Register(address indexed to, uint256 indexed id, address recovery);

    error HasId();

    uint256 public idCounter;
    mapping(address custody => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;
    mapping(uint256 fid => address recovery) public recoveryOf;

    function register(address recovery) external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        recoveryOf[fid] = recovery;
        emit Register(msg.sender, fid, recovery);
    }
}
